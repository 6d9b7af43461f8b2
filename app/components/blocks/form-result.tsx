import { createContext, useContext } from "react";
import type { PageFormState } from "~/forms/page-form.server";

/**
 * What the page's action answered a form posted without JavaScript (app/routes/marketing/page.tsx),
 * and the form block it belongs to: the page's first contact or consultation form, the one the
 * action ran. Undefined when nothing was posted.
 */
export interface PostedForm {
  blockId: string;
  result: PageFormState;
}

const PostedFormContext = createContext<PostedForm | undefined>(undefined);

export const PostedFormProvider = PostedFormContext.Provider;

/** The posted outcome when it is this block's, else undefined. */
export function usePostedForm(blockId: string): PageFormState | undefined {
  const posted = useContext(PostedFormContext);
  return posted?.blockId === blockId ? posted.result : undefined;
}

/** The block a posted contact or consultation form belongs to: the page's first such form. */
export function postedFormBlock<B extends { id: string; type: string; form?: string }>(
  blocks: readonly B[],
): B | undefined {
  return blocks.find(
    (block) => block.type === "form" && (block.form === "contact" || block.form === "consultation"),
  );
}
