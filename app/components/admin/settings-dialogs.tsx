import { Contact, Palette, PanelBottom } from "lucide-react";
import { BrandingForm } from "./settings/branding-form";
import { ContactInfoForm } from "./settings/contact-info-form";
import { FooterForm } from "./settings/footer-form";
import { QuickActionDialog } from "./settings/quick-action-dialog";

/**
 * The Content tab's quick actions for branding, footer and contact info (the Settings tab shows
 * them too): each a button that opens its dialog, which loads the stored values, saves them to
 * the Settings tab's action and closes on success.
 */

export function BrandingQuickAction() {
  return (
    <QuickActionDialog
      icon={Palette}
      label="Logo & Branding"
      hint="The site name, logo, tagline and colours."
      title="Logo and Branding"
      description="The site name, logo, tagline and brand colours the public site uses."
      loadFailure={{ title: "Error Loading Data", description: "Could not load branding." }}
    >
      {(view, close) => (
        <BrandingForm initial={view.branding} version={view.versions.branding} close={close} />
      )}
    </QuickActionDialog>
  );
}

export function FooterQuickAction() {
  return (
    <QuickActionDialog
      icon={PanelBottom}
      label="Footer Content"
      hint="The footer's text, contact details and links."
      title="Footer Content"
      description="The text, contact details and links at the bottom of every page."
      loadFailure={{
        title: "Error Loading Data",
        description: "Could not load footer information",
      }}
      wide="sm:max-w-3xl"
    >
      {(view, close) => (
        <FooterForm initial={view.footer} version={view.versions.footer} close={close} />
      )}
    </QuickActionDialog>
  );
}

export function ContactInfoQuickAction() {
  return (
    <QuickActionDialog
      icon={Contact}
      label="Contact Info"
      hint="Addresses, business hours and social media."
      title="Contact Information"
      description="How visitors reach you: the contact page, the footer and the legal pages use it."
      loadFailure={{
        title: "Error Loading Data",
        description: "Could not load contact information.",
      }}
      wide="sm:max-w-2xl"
    >
      {(view, close) => (
        <ContactInfoForm
          initial={view.contactInfo}
          version={view.versions["contact-info"]}
          close={close}
        />
      )}
    </QuickActionDialog>
  );
}
