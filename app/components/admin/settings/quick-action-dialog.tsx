// The footer form imports its Save / Cancel row from here until it moves onto the kit's list
// editor (issue 29); new code imports ~/components/admin/kit/editor-dialog.
export { EditorDialogActions as DialogActions } from "~/components/admin/kit/editor-dialog";
