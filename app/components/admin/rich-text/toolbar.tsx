import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  Bold,
  Code2,
  Heading2,
  Heading3,
  ImageIcon,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Pilcrow,
  Quote,
  Redo2,
  Undo2,
} from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { cn } from "~/lib/utils";

interface Tool {
  name: string;
  icon: LucideIcon;
  /** Keyboard shortcut, shown in the tooltip and announced (aria-keyshortcuts). */
  keys?: string;
  /** Whether it is on where the cursor is: the button is a toggle (aria-pressed). */
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
  /** Starts a group: a thin line before it. */
  group?: boolean;
}

const TOOLS: Tool[] = [
  {
    name: "Paragraph",
    icon: Pilcrow,
    keys: "Control+Alt+0",
    active: (e) => e.isActive("paragraph"),
    run: (e) => e.chain().focus().setParagraph().run(),
  },
  {
    name: "Heading 2",
    icon: Heading2,
    keys: "Control+Alt+2",
    active: (e) => e.isActive("heading", { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    name: "Heading 3",
    icon: Heading3,
    keys: "Control+Alt+3",
    active: (e) => e.isActive("heading", { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    name: "Bold",
    icon: Bold,
    keys: "Control+B",
    group: true,
    active: (e) => e.isActive("bold"),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: "Italic",
    icon: Italic,
    keys: "Control+I",
    active: (e) => e.isActive("italic"),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: "Bulleted list",
    icon: List,
    keys: "Control+Shift+8",
    group: true,
    active: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: "Numbered list",
    icon: ListOrdered,
    keys: "Control+Shift+7",
    active: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    name: "Quote",
    icon: Quote,
    keys: "Control+Shift+B",
    active: (e) => e.isActive("blockquote"),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    name: "Code block",
    icon: Code2,
    keys: "Control+Alt+C",
    active: (e) => e.isActive("codeBlock"),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
];

const UNDO: Tool[] = [
  {
    name: "Undo",
    icon: Undo2,
    keys: "Control+Z",
    group: true,
    enabled: (e) => e.can().undo(),
    run: (e) => e.chain().focus().undo().run(),
  },
  {
    name: "Redo",
    icon: Redo2,
    keys: "Control+Shift+Z",
    enabled: (e) => e.can().redo(),
    run: (e) => e.chain().focus().redo().run(),
  },
];

/**
 * The editor's toolbar: one tab stop, the arrow keys (and Home, End) move between its buttons.
 * Marks and block types are toggles whose pressed state follows the cursor.
 */
export function RichTextToolbar({
  editor,
  label,
  controls,
  onLink,
  onImage,
}: {
  editor: Editor;
  label: string;
  /** The id of the text it formats. */
  controls: string;
  onLink: () => void;
  onImage: () => void;
}) {
  const tools: Tool[] = [
    ...TOOLS,
    {
      name: "Link",
      icon: Link2,
      keys: "Control+K",
      group: true,
      active: (e) => e.isActive("link"),
      run: onLink,
    },
    { name: "Image", icon: ImageIcon, run: onImage },
    ...UNDO,
  ];
  // Re-rendered only when what the buttons show changes, not at every keystroke.
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      tools
        .map((tool) =>
          current
            ? `${tool.active?.(current) ? 1 : 0}${(tool.enabled?.(current) ?? true) ? 1 : 0}`
            : "01",
        )
        .join(""),
  });
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function move(event: KeyboardEvent) {
    const last = tools.length - 1;
    const next =
      event.key === "ArrowRight"
        ? current === last
          ? 0
          : current + 1
        : event.key === "ArrowLeft"
          ? current === 0
            ? last
            : current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      tabIndex={-1}
      onKeyDown={move}
      className="flex flex-wrap items-center gap-0.5 border-b border-line bg-surface/60 p-1"
    >
      {tools.map((tool, index) => {
        const Icon = tool.icon;
        const pressed = state?.[index * 2] === "1";
        const enabled = state?.[index * 2 + 1] !== "0";
        const shortcut = tool.keys?.replace("Control", "Ctrl");
        return (
          <span key={tool.name} className="contents">
            {tool.group ? <span aria-hidden className="mx-1 h-5 w-px bg-line" /> : null}
            <button
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              tabIndex={index === current ? 0 : -1}
              aria-pressed={tool.active ? pressed : undefined}
              aria-disabled={enabled ? undefined : true}
              aria-keyshortcuts={tool.keys}
              title={shortcut ? `${tool.name} (${shortcut})` : tool.name}
              onFocus={() => setCurrent(index)}
              onMouseDown={(event) => {
                // Keeps the editor's selection: the command acts where the cursor is.
                event.preventDefault();
              }}
              onClick={() => {
                if (enabled) tool.run(editor);
              }}
              className={cn(
                "inline-flex size-8 items-center justify-center rounded-md text-ink hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary [&_svg]:size-4",
                pressed && "bg-indigo-100 text-primary-deep hover:bg-indigo-100",
                !enabled && "cursor-not-allowed opacity-50 hover:bg-transparent",
              )}
            >
              <Icon aria-hidden />
              <span className="sr-only">{tool.name}</span>
            </button>
          </span>
        );
      })}
    </div>
  );
}
