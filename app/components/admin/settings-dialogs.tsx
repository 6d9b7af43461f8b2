import { Contact, Palette, PanelBottom } from "lucide-react";
import type { SettingsView } from "~/schemas/admin/settings";
import { EditorDialog } from "./kit/editor-dialog";
import { BrandingForm } from "./settings/branding-form";
import { ContactInfoForm } from "./settings/contact-info-form";
import { FooterForm } from "./settings/footer-form";

/**
 * The Content tab's quick actions for branding, footer and contact info (the Settings tab shows
 * them too): each a button that opens its dialog, which loads the stored values, saves them to
 * the Settings tab's action and closes on success.
 */

/**
 * The stored settings, fetched each time a dialog opens; `description` is the failure toast's text,
 * written out whole because the spec's error catalogue gives each dialog its own.
 */
function settingsValues(description: string) {
  return { url: "/admin/settings/values", failure: { title: "Error Loading Data", description } };
}

export function BrandingQuickAction() {
  return (
    <EditorDialog<SettingsView>
      icon={Palette}
      title="Logo & Branding"
      summary="The site name, logo, tagline and colours."
      dialogTitle="Logo and Branding"
      description="The site name, logo, tagline and brand colours the public site uses."
      load={settingsValues("Could not load branding.")}
    >
      {(close, view) => (
        <BrandingForm initial={view.branding} version={view.versions.branding} close={close} />
      )}
    </EditorDialog>
  );
}

export function FooterQuickAction() {
  return (
    <EditorDialog<SettingsView>
      icon={PanelBottom}
      title="Footer Content"
      summary="The footer's text, contact details and links."
      description="The text, contact details and links at the bottom of every page."
      load={settingsValues("Could not load footer information")}
      wide="sm:max-w-3xl"
    >
      {(close, view) => (
        <FooterForm initial={view.footer} version={view.versions.footer} close={close} />
      )}
    </EditorDialog>
  );
}

export function ContactInfoQuickAction() {
  return (
    <EditorDialog<SettingsView>
      icon={Contact}
      title="Contact Info"
      summary="Addresses, business hours and social media."
      dialogTitle="Contact Information"
      description="How visitors reach you: the contact page, the footer and the legal pages use it."
      load={settingsValues("Could not load contact information.")}
      wide="sm:max-w-2xl"
    >
      {(close, view) => (
        <ContactInfoForm
          initial={view.contactInfo}
          version={view.versions["contact-info"]}
          close={close}
        />
      )}
    </EditorDialog>
  );
}
