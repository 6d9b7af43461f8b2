// The services and stats editors import it from here until they move onto the kit's list editor
// (issue 29); new code imports ~/components/admin/kit/confirm-dialog.
export { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
