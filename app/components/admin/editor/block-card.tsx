import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  ArrowDown,
  ArrowUp,
  ChevronDown,
  ChevronRight,
  Copy,
  GripVertical,
  type LucideIcon,
  Plus,
  Trash2,
} from "lucide-react";
import { memo, useCallback } from "react";
import { TextField } from "~/components/admin/kit/fields";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { ANCHOR_FIELD, type BlockCatalog, type EditorBlock } from "~/pages/block-fields";
import { blockFieldId } from "./editor-values";
import { FieldControls } from "./field-controls";

/** What a card asks of the list; every one is stable (the list's callbacks take the block's id). */
export interface BlockActions {
  onChange: (id: string, block: EditorBlock) => void;
  onToggle: (id: string) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onDuplicate: (id: string) => void;
  onRemove: (id: string) => void;
  onAddAfter: (id: string) => void;
}

/** A card's icon button: its title on hover, its full name (which block) for screen readers. */
function IconAction({
  icon: Icon,
  label,
  ...props
}: {
  icon: LucideIcon;
  label: string;
} & Omit<React.ComponentProps<typeof Button>, "children" | "type" | "variant" | "size">) {
  return (
    <Button type="button" variant="ghost" size="icon" {...props}>
      <Icon aria-hidden />
      <span className="sr-only">{label}</span>
    </Button>
  );
}

/**
 * One block (of a page, of a campaign: see BlockCatalog): its label and a line of what it says; opened, its fields. Memoised: a
 * keystroke in one block re-renders that card only, however many blocks the page has.
 */
export const BlockCard = memo(function BlockCard({
  catalog,
  block,
  index,
  total,
  expanded,
  errors,
  actions,
}: {
  catalog: BlockCatalog;
  block: EditorBlock;
  index: number;
  total: number;
  expanded: boolean;
  errors: Record<string, string> | undefined;
  actions: BlockActions;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: block.id });
  const fields = catalog.fields(block.type);
  const label = catalog.labels[block.type];
  const summary = catalog.summary(block);
  const id = block.id;
  const hasErrors = errors !== undefined && Object.keys(errors).length > 0;
  const onPatch = useCallback(
    (patch: Record<string, unknown>) => actions.onChange(id, { ...block, ...patch }),
    [actions, id, block],
  );
  const headingId = `block-${id}-heading`;
  const name = `block ${index + 1} (${label})`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn("list-none", isDragging && "relative z-10")}
    >
      <section
        aria-labelledby={headingId}
        data-block-type={block.type}
        className={cn(
          "rounded-xl border bg-white shadow-sm",
          hasErrors ? "border-danger" : "border-line",
          isDragging && "shadow-lg ring-2 ring-primary",
        )}
      >
        {/* On a phone the actions wrap below the label rather than cover it. */}
        <div className="flex flex-wrap items-center gap-1 p-2">
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag ${name} to reorder`}
            className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted hover:bg-surface focus-visible:outline-2 focus-visible:outline-primary active:cursor-grabbing"
          >
            <GripVertical aria-hidden className="size-4" />
          </button>
          <h3 id={headingId} className="min-w-[10rem] flex-1">
            <button
              type="button"
              id={blockFieldId(id, "")}
              aria-expanded={expanded}
              aria-controls={expanded ? `block-${id}-fields` : undefined}
              onClick={() => actions.onToggle(id)}
              className="flex w-full min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-surface focus-visible:outline-2 focus-visible:outline-primary"
            >
              {expanded ? (
                <ChevronDown aria-hidden className="size-4 shrink-0 text-muted" />
              ) : (
                <ChevronRight aria-hidden className="size-4 shrink-0 text-muted" />
              )}
              <span className="max-w-full shrink-0 truncate font-semibold text-ink">
                {index + 1}. {label}
              </span>
              {summary ? (
                <span className="min-w-0 shrink-[100] truncate text-sm text-muted">{summary}</span>
              ) : null}
              {hasErrors ? <span className="shrink-0 text-sm text-danger">Needs a fix</span> : null}
            </button>
          </h3>
          <div className="ml-auto flex shrink-0 items-center">
            <IconAction
              id={`block-${id}-up`}
              icon={ArrowUp}
              title="Move up"
              label={`Move ${name} up`}
              disabled={index === 0}
              onClick={() => actions.onMove(id, -1)}
            />
            <IconAction
              id={`block-${id}-down`}
              icon={ArrowDown}
              title="Move down"
              label={`Move ${name} down`}
              disabled={index === total - 1}
              onClick={() => actions.onMove(id, 1)}
            />
            <IconAction
              icon={Copy}
              title="Duplicate"
              label={`Duplicate ${name}`}
              onClick={() => actions.onDuplicate(id)}
            />
            <IconAction
              icon={Plus}
              title="Add a block below"
              label={`Add a block after ${name}`}
              aria-haspopup="dialog"
              onClick={() => actions.onAddAfter(id)}
            />
            <IconAction
              icon={Trash2}
              title="Remove"
              label={`Remove ${name}`}
              className="text-danger"
              onClick={() => actions.onRemove(id)}
            />
          </div>
        </div>
        {expanded ? (
          <div id={`block-${id}-fields`} className="border-t border-line p-4">
            {errors?.[""] ? <p className="mb-3 text-sm text-danger">{errors[""]}</p> : null}
            <FieldControls
              fields={fields}
              values={block as unknown as Record<string, unknown>}
              onPatch={onPatch}
              scope={{ blockId: id, base: "", errors }}
            />
            {catalog.anchor ? (
              <div className="mt-4 border-t border-line pt-4">
                <TextField
                  id={blockFieldId(id, ANCHOR_FIELD.name)}
                  label={ANCHOR_FIELD.label}
                  hint={ANCHOR_FIELD.hint}
                  error={errors?.[ANCHOR_FIELD.name]}
                  value={String((block as { anchor?: unknown }).anchor ?? "")}
                  maxLength={ANCHOR_FIELD.maxLength}
                  onValue={(anchor) => onPatch({ anchor })}
                />
              </div>
            ) : null}
          </div>
        ) : null}
      </section>
    </li>
  );
});
