import { useId, useMemo, useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import type { BlockCatalog } from "~/pages/block-fields";

type Menu = BlockCatalog["menu"];

/**
 * "Add block": a search box over the kinds of block (the catalog's menu) (a combobox with its listbox). Typing
 * filters, the arrow keys move through what is left, Enter adds the one chosen; a click does too.
 */
export function AddBlockDialog({
  open,
  onOpenChange,
  onChoose,
  where,
  menu,
  searchPlaceholder,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (type: string) => void;
  menu: Menu;
  searchPlaceholder: string;
  /** Where the block goes, for the description: "after block 2", "at the end". */
  where: string;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Add a block</DialogTitle>
          <DialogDescription>
            The new block goes {where}. Type to filter, then choose with the arrow keys and Enter.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted afresh on each opening: the search starts empty. */}
        {open ? (
          <BlockSearch
            menu={menu}
            placeholder={searchPlaceholder}
            onChoose={(type) => {
              onChoose(type);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function BlockSearch({
  menu,
  placeholder,
  onChoose,
}: {
  menu: Menu;
  placeholder: string;
  onChoose: (type: string) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return menu;
    return menu.filter(
      (entry) =>
        entry.label.toLowerCase().includes(q) || entry.description.toLowerCase().includes(q),
    );
  }, [query, menu]);
  const current = Math.min(active, Math.max(matches.length - 1, 0));
  const optionId = (type: string) => `${id}-option-${type}`;

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (matches.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      const next = (current + step + matches.length) % matches.length;
      setActive(next);
      const entry = matches[next];
      if (entry)
        document.getElementById(optionId(entry.type))?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      setActive(event.key === "Home" ? 0 : matches.length - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = matches[current];
      if (chosen) onChoose(chosen.type);
    }
  }

  return (
    <div className="space-y-3">
      <label htmlFor={`${id}-search`} className="sr-only">
        Search blocks
      </label>
      <Input
        id={`${id}-search`}
        role="combobox"
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={matches[current] ? optionId(matches[current].type) : undefined}
        placeholder={placeholder}
        autoComplete="off"
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label="Blocks"
        className="max-h-80 space-y-1 overflow-y-auto"
      >
        {matches.map((entry, index) => (
          // The listbox is driven from the search box (aria-activedescendant); a click chooses too.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox handles the keys
          <div
            key={entry.type}
            tabIndex={-1}
            id={optionId(entry.type)}
            role="option"
            aria-selected={index === current}
            onClick={() => onChoose(entry.type)}
            onMouseMove={() => setActive(index)}
            className={cn(
              "cursor-pointer rounded-md px-3 py-2",
              index === current ? "bg-primary/10 ring-1 ring-primary" : "hover:bg-surface",
            )}
          >
            <span className="block text-sm font-semibold text-ink">{entry.label}</span>
            <span className="block text-sm text-muted">{entry.description}</span>
          </div>
        ))}
      </div>
      {matches.length === 0 ? (
        <p role="status" className="text-sm text-muted">
          No block matches “{query.trim()}”.
        </p>
      ) : (
        <p role="status" className="sr-only">
          {matches.length === 1 ? "1 block" : `${matches.length} blocks`}
        </p>
      )}
    </div>
  );
}
