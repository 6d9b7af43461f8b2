import { useEffect, useReducer, useState } from "react";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import type { z } from "~/schemas/zod";

/** Field messages keyed by path ("items.2.url", "label", "form"). */
export type Errors = Record<string, string>;
export type Direction = "up" | "down";

/** A row being edited in the browser: its key stays with it while it moves. */
export interface DraftRow<T> {
  key: string;
  values: T;
  /** The row's messages by field name. */
  errors: Errors;
}

export interface ListDraftState<T> {
  rows: DraftRow<T>[];
  /** Messages that name no row ("items": too many, none left; "form"). */
  listErrors: Errors;
  /** The values as loaded, as JSON: the list is unsaved while it differs from them. */
  baseline: string;
  nextKey: number;
  /** The last error set handed in through `errors` (a new object is a new answer). */
  errorSource: Errors | null;
}

/** What the reducer needs to know of the list (see useListDraft's options). */
export interface ListRules<T> {
  /** The answer's path of the rows: messages at `${errorPath}.${index}.${field}` go to that row. */
  errorPath: string;
  /** Rows in groups (the footer's sections): kept in `groups` order, moved only inside theirs. */
  groupOf?: (values: T) => string;
  groups?: readonly string[];
}

export type ListDraftAction<T> =
  | { type: "add"; values: T }
  | { type: "update"; key: string; patch: Partial<T> }
  | { type: "move"; key: string; direction: Direction }
  | { type: "remove"; key: string }
  | { type: "errors"; errors: Errors; source?: Errors }
  | { type: "rowErrors"; key: string; errors: Errors }
  | { type: "saved" };

const valuesOf = <T>(rows: DraftRow<T>[]) => rows.map((row) => row.values);

function arrange<T>(rows: DraftRow<T>[], rules: ListRules<T>) {
  const { groupOf, groups } = rules;
  if (!groupOf || !groups) return rows;
  return groups.flatMap((group) => rows.filter((row) => groupOf(row.values) === group));
}

export function initialListDraft<T>(values: readonly T[], rules: ListRules<T>): ListDraftState<T> {
  const rows = arrange(
    values.map((row, index) => ({ key: String(index + 1), values: row, errors: {} })),
    rules,
  );
  return {
    rows,
    listErrors: {},
    baseline: JSON.stringify(valuesOf(rows)),
    nextKey: values.length + 1,
    errorSource: null,
  };
}

/** The index a row moves to, or -1 when it cannot (first or last of the list or its group). */
export function moveTarget<T>(
  rows: DraftRow<T>[],
  key: string,
  direction: Direction,
  rules: ListRules<T>,
) {
  const index = rows.findIndex((row) => row.key === key);
  const to = index + (direction === "up" ? -1 : 1);
  const row = rows[index];
  const other = rows[to];
  if (!row || !other) return -1;
  if (rules.groupOf && rules.groupOf(row.values) !== rules.groupOf(other.values)) return -1;
  return to;
}

/** The errors of an answer split by row (index → the key of the row at that index now). */
function mapErrors<T>(rows: DraftRow<T>[], errors: Errors, errorPath: string) {
  const byRow = new Map<number, Errors>();
  const listErrors: Errors = {};
  const pattern = new RegExp(`^${errorPath}\\.(\\d+)\\.(.+)$`);
  for (const [path, message] of Object.entries(errors)) {
    const match = pattern.exec(path);
    const index = match ? Number(match[1]) : -1;
    if (match?.[2] && rows[index]) byRow.set(index, { ...byRow.get(index), [match[2]]: message });
    else listErrors[path] = message;
  }
  return {
    rows: rows.map((row, index) => ({ ...row, errors: byRow.get(index) ?? {} })),
    listErrors,
  };
}

function withoutFields(errors: Errors, fields: string[]) {
  if (!fields.some((field) => field in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.includes(field)));
}

/** The list's changes; pure, so each step can be tested without a browser. */
export function listDraftReducer<T>(
  state: ListDraftState<T>,
  action: ListDraftAction<T>,
  rules: ListRules<T>,
): ListDraftState<T> {
  switch (action.type) {
    case "add": {
      const row = { key: String(state.nextKey), values: action.values, errors: {} };
      const rows = arrange([...state.rows, row], rules);
      return { ...state, rows, nextKey: state.nextKey + 1, listErrors: {} };
    }
    case "update": {
      const fields = Object.keys(action.patch);
      const rows = state.rows.map((row) =>
        row.key === action.key
          ? {
              ...row,
              values: { ...row.values, ...action.patch },
              errors: withoutFields(row.errors, fields),
            }
          : row,
      );
      return { ...state, rows: arrange(rows, rules) };
    }
    case "move": {
      const from = state.rows.findIndex((row) => row.key === action.key);
      const to = moveTarget(state.rows, action.key, action.direction, rules);
      if (to < 0) return state;
      const rows = state.rows.slice();
      const [row] = rows.splice(from, 1);
      if (row) rows.splice(to, 0, row);
      return { ...state, rows };
    }
    case "remove":
      return {
        ...state,
        rows: state.rows.filter((row) => row.key !== action.key),
        listErrors: {},
      };
    case "errors": {
      const mapped = mapErrors(state.rows, action.errors, rules.errorPath);
      return { ...state, ...mapped, errorSource: action.source ?? state.errorSource };
    }
    case "rowErrors":
      return {
        ...state,
        rows: state.rows.map((row) =>
          row.key === action.key ? { ...row, errors: action.errors } : row,
        ),
      };
    case "saved":
      return { ...state, baseline: JSON.stringify(valuesOf(state.rows)) };
  }
}

/** Whether the rows differ from the values as loaded (or last saved). */
export function isDirty<T>(state: ListDraftState<T>) {
  return JSON.stringify(valuesOf(state.rows)) !== state.baseline;
}

/** The first field (in the form's order) that has a message. */
export function firstInvalid(names: readonly string[], errors: Errors) {
  return names.find((name) => errors[name]);
}

/**
 * Focus by element id after the next render: a moved, added or removed row re-renders, and the
 * keyboard user should stay where they were (on the moved row's button, on the next row). The
 * first id whose element exists and is enabled wins.
 */
export function useFocusAfterRender() {
  const [target, setTarget] = useState<string[] | null>(null);
  useEffect(() => {
    if (!target) return;
    for (const id of target) {
      const element = document.getElementById(id) as HTMLButtonElement | HTMLInputElement | null;
      if (element && !element.disabled) {
        element.focus();
        break;
      }
    }
    setTarget(null);
  }, [target]);
  return (...ids: string[]) => setTarget(ids);
}

/** A zod schema whose output is a row (its input may be looser). */
type Schema<T> = { safeParse(value: unknown): z.ZodSafeParseResult<T> };

export interface ListDraftOptions<T> extends Partial<ListRules<T>> {
  initial: readonly T[];
  /** Start of every id: `${idPrefix}-${key}-${field}`, `${idPrefix}-new-${field}`, … */
  idPrefix: string;
  /** The row's fields in form order (a field config will do): where focus goes on an error. */
  fields: readonly { name: keyof T & string }[];
  /** The new row's values, and what a new row checks against before it joins the list. */
  empty: T;
  rowSchema: Schema<T>;
  /** The most rows, and the new row's message when the list is full. */
  max?: { count: number; errors: Errors };
  /** The new row after an add (the footer keeps the section); `empty` by default. */
  nextNewRow?: (added: T) => T;
  /** Where the focus goes after a remove: the neighbour's first field, or the new row's. */
  focusAfterRemove?: (neighbour: string | undefined) => string;
  /** Errors owned by the caller (a save hook): each new object is mapped to the rows as it comes. */
  errors?: Errors;
}

/**
 * A list edited in the browser and saved as a whole (nav menu, services, footer links): rows
 * with stable keys, a new row checked against the row schema before it is added, moves that keep
 * the focus on the moved control, removes that hand it to the neighbour, the answer's messages
 * mapped from index to row, and an unsaved flag for `useUnsavedChangesGuard`.
 */
export function useListDraft<T>(options: ListDraftOptions<T>) {
  const { idPrefix, fields, empty, rowSchema, max } = options;
  const rules: ListRules<T> = {
    errorPath: options.errorPath ?? "items",
    groupOf: options.groupOf,
    groups: options.groups,
  };
  const [state, dispatch] = useReducer(
    (current: ListDraftState<T>, action: ListDraftAction<T>) =>
      listDraftReducer(current, action, rules),
    options.initial,
    (initial) => initialListDraft(initial, rules),
  );
  const [newRow, setNewRow] = useState<T>(empty);
  const [newErrors, setNewErrors] = useState<Errors>({});
  const focusLater = useFocusAfterRender();
  const names = fields.map((field) => field.name);

  // A new set from the caller is mapped during this render, so the controls are marked invalid
  // in the same commit (the caller's effect focuses the first of them).
  const external = options.errors;
  if (external && external !== state.errorSource && !isEmptyPair(external, state.errorSource)) {
    dispatch({ type: "errors", errors: external, source: external });
  }

  const ids = {
    field: (key: string, name: string) => `${idPrefix}-${key}-${name}`,
    newField: (name: string) => `${idPrefix}-new-${name}`,
    move: (key: string, direction: Direction) => `${idPrefix}-${direction}-${key}`,
    /** The add form's title. */
    add: `${idPrefix}-add-title`,
  };

  /** Shows an answer's or a check's messages on their rows; the keys of the rows with one. */
  function showErrors(errors: Errors, { focus = false } = {}) {
    dispatch({ type: "errors", errors });
    const marked = mapErrors(state.rows, errors, rules.errorPath).rows.filter(
      (row) => Object.keys(row.errors).length > 0,
    );
    const first = marked[0];
    const field = first && firstInvalid(names, first.errors);
    if (focus && first && field) focusLater(ids.field(first.key, field));
    return marked.map((row) => row.key);
  }

  return {
    rows: state.rows,
    listErrors: state.listErrors,
    dirty: isDirty(state),
    values: () => valuesOf(state.rows),
    ids,
    focusLater,
    canMove: (key: string, direction: Direction) =>
      moveTarget(state.rows, key, direction, rules) >= 0,

    update: (key: string, patch: Partial<T>) => dispatch({ type: "update", key, patch }),

    /** Moves a row one place; the focus stays on its button, or the other one at the end. */
    move(key: string, direction: Direction) {
      dispatch({ type: "move", key, direction });
      focusLater(ids.move(key, direction), ids.move(key, direction === "up" ? "down" : "up"));
    },

    remove(key: string) {
      const index = state.rows.findIndex((row) => row.key === key);
      const rest = state.rows.filter((row) => row.key !== key);
      const neighbour = (rest[index] ?? rest[index - 1])?.key;
      dispatch({ type: "remove", key });
      const first = names[0] ?? "";
      focusLater(
        options.focusAfterRemove?.(neighbour) ??
          (neighbour ? ids.field(neighbour, first) : ids.newField(first)),
      );
    },

    /** Checks one row against the row schema: its values tidied, or its messages shown. */
    checkRow(key: string) {
      const row = state.rows.find((r) => r.key === key);
      if (!row) return false;
      const parsed = rowSchema.safeParse(row.values);
      const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
      dispatch({ type: "rowErrors", key, errors });
      if (parsed.success) {
        dispatch({ type: "update", key, patch: parsed.data });
        return true;
      }
      const field = firstInvalid(names, errors);
      if (field) focusLater(ids.field(key, field));
      return false;
    },

    showErrors,
    markSaved: () => dispatch({ type: "saved" }),

    newRow,
    newErrors,
    setNewRow: (patch: Partial<T>) => setNewRow((current) => ({ ...current, ...patch })),

    /** Adds the new row when it passes the row schema and the list has room. */
    addNew() {
      const parsed = rowSchema.safeParse(newRow);
      if (!parsed.success) {
        const errors = fieldErrorsOf(parsed.error);
        setNewErrors(errors);
        const field = firstInvalid(names, errors);
        if (field) focusLater(ids.newField(field));
        return false;
      }
      if (max && state.rows.length >= max.count) {
        setNewErrors(max.errors);
        return false;
      }
      dispatch({ type: "add", values: parsed.data });
      setNewRow(options.nextNewRow?.(parsed.data) ?? empty);
      setNewErrors({});
      focusLater(ids.newField(names[0] ?? ""));
      return true;
    },
  };
}

export type ListDraft<T> = ReturnType<typeof useListDraft<T>>;

function isEmptyPair(a: Errors, b: Errors | null) {
  return Object.keys(a).length === 0 && (!b || Object.keys(b).length === 0);
}
