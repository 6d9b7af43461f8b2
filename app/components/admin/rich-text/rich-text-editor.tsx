import type { Editor } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { ImagePicker } from "~/components/admin/blog/image-picker";
import { richTextExtensions } from "./extensions";
import { LinkDialog } from "./link-dialog";
import { fitsRichText } from "./markdown";
import {
  RICH_TEXT_INSERT,
  RICH_TEXT_SELECT,
  type RichTextInsertEvent,
  type RichTextSelectEvent,
} from "./select-event";
import { RichTextToolbar } from "./toolbar";

/**
 * The rich-text editor (Tiptap 3 with its Markdown extension), loaded on demand by RichTextField:
 * it opens a markdown text and hands back markdown at every change. A text it cannot show as it
 * is (HTML, see fitsRichText) is handed back to the Markdown view through `onUnfit`.
 */
export interface RichTextEditorProps {
  id: string;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  required?: boolean;
  value: string;
  onValue: (value: string) => void;
  /** The text is not one the editor can show without changing it: show the Markdown instead. */
  onUnfit: () => void;
  rows: number;
  /** The field's label ("Content"): the toolbar is named after it. */
  label: string;
}

export default function RichTextEditor(props: RichTextEditorProps) {
  const { value, onUnfit } = props;
  // Decided once for the text it opens with; later texts from outside are checked as they come.
  const [fits] = useState(() => fitsRichText(value));
  useEffect(() => {
    if (!fits) onUnfit();
  }, [fits, onUnfit]);
  return fits ? <OpenEditor {...props} /> : null;
}

function attributesOf({ id, labelId, describedBy, invalid, required }: RichTextEditorProps) {
  const attributes: Record<string, string> = {
    id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    "data-rich-text": "",
    class:
      "post-body min-h-full px-3 py-2 text-sm! leading-6! focus-visible:outline-none [&>*+*]:mt-3! [&_h2]:mt-5! [&_h2]:text-xl! [&_h3]:mt-4! [&_h3]:text-lg! [&_h1]:text-2xl!",
  };
  if (describedBy) attributes["aria-describedby"] = describedBy;
  if (invalid) attributes["aria-invalid"] = "true";
  if (required) attributes["aria-required"] = "true";
  return attributes;
}

function OpenEditor(props: RichTextEditorProps) {
  const { value, rows } = props;
  /** The markdown last sent out (or taken in): a value that differs came from elsewhere. */
  const known = useRef(value);
  const latest = useRef(props);
  latest.current = props;
  const extensions = useMemo(richTextExtensions, []);
  const [linking, setLinking] = useState(false);
  const [picking, setPicking] = useState(false);

  const editor = useEditor({
    extensions,
    content: value,
    contentType: "markdown",
    // Never rendered on the server (RichTextField mounts it after hydration), so the editor is
    // made in the first render: its element is there when the check before publishing focuses it.
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: attributesOf(props),
      handleKeyDown: (_view, event) => {
        // Mod-K opens the link picker, as in most editors.
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") {
          event.preventDefault();
          setLinking(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: changed }) => {
      const markdown = changed.getMarkdown();
      known.current = markdown;
      latest.current.onValue(markdown);
    },
  });

  // A text from elsewhere (a restored draft, "take theirs", a writing suggestion, a reset).
  useEffect(() => {
    if (!editor || value === known.current) return;
    known.current = value;
    if (!fitsRichText(value)) {
      latest.current.onUnfit();
      return;
    }
    editor.commands.setContent(value, { contentType: "markdown", emitUpdate: false });
  }, [editor, value]);

  // The check before publishing asks for a place (publish-check.tsx's useFieldFocus); the event
  // comes from the editable element, inside this frame.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!editor || !element) return;
    const select = (event: Event) => {
      const text = (event as RichTextSelectEvent).detail?.text;
      if (text && !editor.isDestroyed) selectPlace(editor, text);
    };
    // The "Insert value" menu's text ({company_name}), at the cursor the editor kept.
    const insert = (event: Event) => {
      const { text, atEnd } = (event as RichTextInsertEvent).detail ?? {};
      if (text && !editor.isDestroyed) {
        editor
          .chain()
          .focus(atEnd ? "end" : null)
          .insertContent({ type: "text", text })
          .run();
      }
    };
    element.addEventListener(RICH_TEXT_SELECT, select);
    element.addEventListener(RICH_TEXT_INSERT, insert);
    return () => {
      element.removeEventListener(RICH_TEXT_SELECT, select);
      element.removeEventListener(RICH_TEXT_INSERT, insert);
    };
  }, [editor]);

  return (
    <div
      ref={frame}
      className="rounded-lg border border-line bg-white focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-primary data-invalid:border-danger"
      data-invalid={props.invalid || undefined}
    >
      {editor ? (
        <RichTextToolbar
          editor={editor}
          label={`${props.label} formatting`}
          controls={props.id}
          onLink={() => setLinking(true)}
          onImage={() => setPicking(true)}
        />
      ) : null}
      <EditorContent
        editor={editor}
        className="max-h-[70vh] overflow-y-auto"
        style={{ minHeight: `${Math.max(rows, 3) * 1.5 + 1}rem` }}
      />
      {editor && linking ? <LinkDialog editor={editor} open onOpenChange={setLinking} /> : null}
      {editor && picking ? (
        <ImagePicker
          open
          title="Insert an image"
          onOpenChange={setPicking}
          onPick={(src, alt) => {
            editor.chain().focus().setImage({ src, alt }).run();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Selects the block (paragraph, heading, list item) a warning quotes and scrolls it into view.
 * The quote is what the reader sees, maybe cut short, so a shorter start of it is tried when the
 * whole is not found; a link's address or an image's file name is looked for in the marks and
 * images too.
 */
function selectPlace(editor: Editor, text: string) {
  const { doc } = editor.state;
  const words = text.split(/\s+/).filter(Boolean);
  let found: { from: number; to: number } | null = null;
  for (let count = words.length; count >= 1 && !found; count -= 1) {
    const piece = words.slice(0, count).join(" ");
    if (count < words.length && piece.length < 4) break;
    doc.descendants((node, pos) => {
      if (found) return false;
      if (node.type.name === "image" && String(node.attrs.src ?? "").includes(piece)) {
        found = { from: pos, to: pos + node.nodeSize };
        return false;
      }
      if (!node.isTextblock) return true;
      const linked = (() => {
        let hit = false;
        node.descendants((child) => {
          if (child.marks.some((mark) => String(mark.attrs.href ?? "") === piece)) hit = true;
          if (child.type.name === "image" && String(child.attrs.src ?? "").includes(piece)) {
            hit = true;
          }
        });
        return hit;
      })();
      if (linked || node.textContent.includes(piece)) {
        found = { from: pos + 1, to: pos + node.nodeSize - 1 };
      }
      return false;
    });
  }
  const place = found as { from: number; to: number } | null;
  if (!place) return;
  editor.chain().focus().setTextSelection(place).scrollIntoView().run();
  // ProseMirror scrolls the selection's start into view; bring the block to the middle.
  const block = editor.view.domAtPos(place.from).node;
  const element = block instanceof Element ? block : block.parentElement;
  element?.scrollIntoView({ block: "center" });
}
