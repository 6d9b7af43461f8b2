// The list editors (nav menu, services, stats) still import the fields from here until they move
// onto the kit's list editor (issue 29); new code imports ~/components/admin/kit/fields.
export { TextAreaField, TextField } from "~/components/admin/kit/fields";
