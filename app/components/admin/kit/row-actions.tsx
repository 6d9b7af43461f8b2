import { Ellipsis, Pencil, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { createContext, type ReactNode, useContext, useRef } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * A row's Delete button. It first calls `remember`, so the dialog it opens can hand focus back to
 * it; the row's name completes the button's name for screen readers.
 */
export function RowDeleteButton({
  name,
  remember,
  onDelete,
}: {
  name: string;
  remember: () => void;
  onDelete: () => void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="text-danger"
      onClick={() => {
        remember();
        onDelete();
      }}
    >
      <Trash2 aria-hidden /> Delete<span className="sr-only"> {name}</span>
    </Button>
  );
}

/** A row's Edit, as a link to the row's own editor page, named after the row for screen readers. */
export function RowEditLink({ to, name }: { to: string; name: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to}>
        <Pencil aria-hidden /> Edit<span className="sr-only"> {name}</span>
      </Link>
    </Button>
  );
}

/**
 * A row's Edit (or Rename) and Delete buttons. Each first calls `remember`, so the dialog it opens
 * can hand focus back to it; the row's name completes the buttons' names for screen readers.
 */
export function RowEditDeleteButtons({
  name,
  editLabel,
  remember,
  onEdit,
  onDelete,
}: {
  name: string;
  editLabel: "Edit" | "Rename";
  remember: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          remember();
          onEdit();
        }}
      >
        <Pencil aria-hidden /> {editLabel}
        <span className="sr-only"> {name}</span>
      </Button>
      <RowDeleteButton name={name} remember={remember} onDelete={onDelete} />
    </>
  );
}

/**
 * The kit's menu panel, under its button's end: in place, not in a portal, so the menu stays
 * inside the page's landmarks.
 */
export function MenuContent({
  className,
  ...props
}: React.ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Content
      align="end"
      sideOffset={4}
      collisionPadding={8}
      className={cn("z-50 rounded-lg border border-line bg-white p-1 text-sm shadow-lg", className)}
      {...props}
    />
  );
}

/** What a menu item tells its menu: that it opens a dialog, which then takes the focus. */
const OpensDialogContext = createContext<() => void>(() => {});

/**
 * A row's less frequent actions behind one "More" button, so a row stays one line: a menu that
 * opens with a click, Enter, Space or the arrow keys, and closes with Escape. `remember` is given
 * the button when the menu opens, so a dialog an item opens can hand focus back to it (as to the
 * row's own buttons); the button's name ends with the row's for screen readers.
 */
export function RowMoreMenu({
  name,
  remember,
  children,
}: {
  name: string;
  remember?: (element: HTMLElement) => void;
  children: ReactNode;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const dialogOpened = useRef(false);
  return (
    <DropdownMenu.Root
      modal={false}
      onOpenChange={(open) => {
        if (open && trigger.current) remember?.(trigger.current);
      }}
    >
      <DropdownMenu.Trigger asChild>
        <Button ref={trigger} variant="outline" size="sm">
          <Ellipsis aria-hidden /> More<span className="sr-only"> actions for {name}</span>
        </Button>
      </DropdownMenu.Trigger>
      <MenuContent
        className="min-w-52 text-left"
        onCloseAutoFocus={(event) => {
          // A dialog opened from the menu has the focus now; it hands it back when it closes.
          if (dialogOpened.current) event.preventDefault();
          dialogOpened.current = false;
        }}
      >
        <OpensDialogContext.Provider
          value={() => {
            dialogOpened.current = true;
          }}
        >
          {children}
        </OpensDialogContext.Provider>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

/** One action of a RowMoreMenu: an icon and words; `opensDialog` for one that asks first. */
export function RowMenuItem({
  icon,
  children,
  onSelect,
  opensDialog = false,
  danger = false,
  disabled = false,
}: {
  icon: ReactNode;
  children: ReactNode;
  onSelect: () => void;
  opensDialog?: boolean;
  danger?: boolean;
  disabled?: boolean;
}) {
  const noteDialog = useContext(OpensDialogContext);
  return (
    <DropdownMenu.Item
      disabled={disabled}
      aria-haspopup={opensDialog ? "dialog" : undefined}
      onSelect={() => {
        if (opensDialog) noteDialog();
        onSelect();
      }}
      className={cn(
        "flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 font-medium outline-none select-none data-disabled:opacity-50 data-highlighted:bg-surface [&_svg]:size-4 [&_svg]:shrink-0",
        danger ? "text-danger" : "text-ink",
      )}
    >
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}

/** A line between groups of a RowMoreMenu's items (before Delete). */
export function RowMenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-line" />;
}
