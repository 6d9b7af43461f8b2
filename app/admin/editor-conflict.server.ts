import { adminFailure } from "~/admin/mutation.server";
import { editorConflictMessage, isEditorConflict } from "~/models/editor-versions.server";

/**
 * The answer to a save refused because someone else saved the editor since it was opened (409),
 * or null for any other error. The form keeps what the admin typed: a 4xx answer does not reload
 * the page's data.
 */
export function editorConflictAnswer(error: unknown) {
  if (!isEditorConflict(error)) return null;
  const { title, description } = editorConflictMessage(error.editor);
  return adminFailure(title, description, { status: 409 });
}
