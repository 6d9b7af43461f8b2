import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { LayoutTemplate, Plus, Undo2 } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import type { BlockCatalog, EditorBlock } from "~/pages/block-fields";
import { AddBlockDialog } from "./add-block-dialog";
import { type BlockActions, BlockCard } from "./block-card";
import { blockFieldId } from "./editor-values";

type Update<B> = (change: (blocks: B[]) => B[]) => void;

/** Where "Add block" puts the new one: after a block, or at the end. */
type Insertion = { after: string } | { atEnd: true };

/**
 * The blocks in order (a page's, a campaign's: what `catalog` describes): each a card (see
 * BlockCard), reordered with Move up / Move down, by dragging, or from the keyboard through the
 * drag handle (Space, arrows, Space), with what happens announced to screen readers. Removing a
 * block can be undone.
 */
export function BlockList<B extends EditorBlock>({
  catalog,
  blocks,
  update,
  expanded,
  setExpanded,
  errors,
}: {
  /** The kinds of block, their fields and labels (a stable object). */
  catalog: BlockCatalog<B>;
  blocks: B[];
  /** Changes the blocks from their latest state (a stable function). */
  update: Update<B>;
  expanded: ReadonlySet<string>;
  setExpanded: (change: (current: Set<string>) => Set<string>) => void;
  errors: Record<string, Record<string, string>>;
}) {
  const dndId = useId();
  const [removed, setRemoved] = useState<{ block: B; index: number } | null>(null);
  const [adding, setAdding] = useState<Insertion | null>(null);
  /** The element to focus once the list has re-rendered (a moved card's button, a new card). */
  const focusNext = useRef<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const lastAddTrigger = useRef<HTMLElement | null>(null);
  /** The block just added from the dialog: its card takes the focus when the dialog closes. */
  const added = useRef<string | null>(null);
  const latest = useRef(blocks);
  latest.current = blocks;

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const element = document.getElementById(target);
    element?.focus();
    element?.scrollIntoView({ block: "nearest" });
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const actions = useMemo<BlockActions>(
    () => ({
      onChange: (id, block) => update((list) => list.map((b) => (b.id === id ? (block as B) : b))),
      onToggle: (id) =>
        setExpanded((current) => {
          const next = new Set(current);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        }),
      onMove: (id, by) => {
        const list = latest.current;
        const from = list.findIndex((b) => b.id === id);
        const to = from + by;
        if (from < 0 || to < 0 || to >= list.length) return;
        // The pressed button moves with its card; at the first or last place it is disabled, so
        // the focus goes to its twin.
        const edge = to === 0 || to === list.length - 1;
        focusNext.current = `block-${id}-${edge ? (by < 0 ? "down" : "up") : by < 0 ? "up" : "down"}`;
        update((current) => arrayMove(current, from, to));
      },
      onDuplicate: (id) => {
        const list = latest.current;
        const index = list.findIndex((b) => b.id === id);
        const original = list[index];
        if (!original || list.length >= catalog.max) return;
        const copy = catalog.copyBlock(original);
        focusNext.current = blockFieldId(copy.id, "");
        update((current) => [...current.slice(0, index + 1), copy, ...current.slice(index + 1)]);
      },
      onRemove: (id) => {
        const list = latest.current;
        const index = list.findIndex((b) => b.id === id);
        const block = list[index];
        if (!block) return;
        const neighbour = list[index + 1] ?? list[index - 1];
        focusNext.current = neighbour ? blockFieldId(neighbour.id, "") : "add-block-end";
        setRemoved({ block, index });
        update((current) => current.filter((b) => b.id !== id));
      },
      onAddAfter: (id) => {
        lastAddTrigger.current = document.activeElement as HTMLElement | null;
        setAdding({ after: id });
      },
    }),
    [update, setExpanded, catalog],
  );

  const insert = useCallback(
    (type: string) => {
      const block = catalog.newBlock(type);
      const where = adding;
      setExpanded((current) => new Set(current).add(block.id));
      added.current = block.id;
      update((current) => {
        if (!where || "atEnd" in where) return [...current, block];
        const index = current.findIndex((b) => b.id === where.after);
        return index < 0
          ? [...current, block]
          : [...current.slice(0, index + 1), block, ...current.slice(index + 1)];
      });
    },
    [adding, update, setExpanded, catalog],
  );

  function undo() {
    if (!removed) return;
    const { block, index } = removed;
    setRemoved(null);
    focusNext.current = blockFieldId(block.id, "");
    update((current) => [...current.slice(0, index), block, ...current.slice(index)]);
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    update((current) => {
      const from = current.findIndex((b) => b.id === active.id);
      const to = current.findIndex((b) => b.id === over.id);
      return from < 0 || to < 0 ? current : arrayMove(current, from, to);
    });
  }

  const announcements = useMemo<Announcements>(() => {
    const describe = (id: string | number) => {
      const list = latest.current;
      const index = list.findIndex((b) => b.id === id);
      const block = list[index];
      return block ? `block ${index + 1}, ${catalog.labels[block.type]}` : "the block";
    };
    const position = (id: string | number | undefined) =>
      latest.current.findIndex((b) => b.id === id) + 1;
    const total = () => latest.current.length;
    return {
      onDragStart: ({ active }) => `Picked up ${describe(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over
          ? `${describe(active.id)} is over position ${position(over.id)} of ${total()}.`
          : `${describe(active.id)} is no longer over a place in the list.`,
      onDragEnd: ({ active, over }) =>
        over
          ? `${describe(active.id)} was dropped at position ${position(over.id)} of ${total()}.`
          : `${describe(active.id)} was dropped where it was.`,
      onDragCancel: ({ active }) => `Moving ${describe(active.id)} was cancelled.`,
    };
  }, [catalog]);

  // The same list while only the blocks' contents change: SortableContext re-renders every
  // card (past their memo) when it gets a new one, which typing must not do.
  const idKey = blocks.map((b) => b.id).join(" ");
  const ids = useMemo(() => idKey.split(" ").filter(Boolean), [idKey]);

  const where =
    adding && "after" in adding
      ? `after block ${blocks.findIndex((b) => b.id === adding.after) + 1}`
      : `at the end of the ${catalog.noun}`;
  const full = blocks.length >= catalog.max;

  return (
    <div className="space-y-3">
      <div aria-live="polite" role="status">
        {removed ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
            <span>
              Removed block {removed.index + 1} ({catalog.labels[removed.block.type]}).
            </span>
            <Button type="button" size="sm" variant="outline" onClick={undo}>
              <Undo2 aria-hidden /> Undo
            </Button>
          </div>
        ) : null}
      </div>
      {blocks.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line bg-white px-6 py-10 text-center">
          <LayoutTemplate aria-hidden className="mx-auto size-8 text-muted" />
          <p className="mt-3 font-semibold text-ink">{catalog.empty.title}</p>
          <p className="mt-1 text-sm text-muted">{catalog.empty.text}</p>
        </div>
      ) : (
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                "To move a block, press Space or Enter on its handle, move it with the arrow keys, then press Space or Enter again to drop it, or Escape to cancel.",
            },
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol aria-label="Blocks" className="space-y-3">
              {blocks.map((block, index) => (
                <BlockCard
                  key={block.id}
                  catalog={catalog as unknown as BlockCatalog}
                  block={block}
                  index={index}
                  total={blocks.length}
                  expanded={expanded.has(block.id)}
                  errors={errors[block.id]}
                  actions={actions}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <Button
        ref={addButton}
        id="add-block-end"
        type="button"
        variant="outline"
        className="w-full border-dashed"
        aria-haspopup="dialog"
        disabled={full}
        onClick={() => {
          lastAddTrigger.current = addButton.current;
          setAdding({ atEnd: true });
        }}
      >
        <Plus aria-hidden /> Add block
      </Button>
      {full ? (
        <p className="text-sm text-muted">
          A {catalog.noun} holds at most {catalog.max} blocks.
        </p>
      ) : null}
      <AddBlockDialog
        open={adding !== null}
        onOpenChange={(open) => (open ? null : setAdding(null))}
        onChoose={insert}
        where={where}
        menu={catalog.menu}
        searchPlaceholder={catalog.searchPlaceholder}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const id = added.current;
          added.current = null;
          // A block was added: its card takes the focus; otherwise the button that opened it.
          const target = id
            ? document.getElementById(blockFieldId(id, ""))
            : lastAddTrigger.current;
          target?.focus();
          target?.scrollIntoView({ block: "nearest" });
        }}
      />
    </div>
  );
}
