// Placeholder of the shell commit: the settings work replaces these with the branding, footer
// and contact-info dialogs (each a trigger button that opens its dialog).
export function BrandingQuickAction() {
  return null;
}

export function FooterQuickAction() {
  return null;
}

export function ContactInfoQuickAction() {
  return null;
}
