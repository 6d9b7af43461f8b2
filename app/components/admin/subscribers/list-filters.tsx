import { LoaderCircle, Search } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { SEARCH_MAX_LENGTH } from "~/schemas/admin/subscribers";

const SEARCH_DELAY_MS = 350;

export interface FilterSelect {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}

/**
 * The search box and filters of a list: a GET form, so the URL holds them and it works before
 * JavaScript loads. With JavaScript, typing searches after a short pause and a filter applies
 * at once; either way the list starts again at page 1.
 */
export function ListFilters({
  idPrefix,
  searchLabel,
  searchPlaceholder,
  q,
  selects,
  hidden,
}: {
  idPrefix: string;
  searchLabel: string;
  searchPlaceholder: string;
  q: string;
  selects: FilterSelect[];
  hidden?: Record<string, string>;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back/forward or a link changes the URL: show its search in the box.
  useEffect(() => {
    if (searchRef.current && document.activeElement !== searchRef.current) {
      searchRef.current.value = q;
    }
  }, [q]);

  const location = useLocation();
  const searching =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;

  function submitNow(replace: boolean) {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    // No empty parameters in the URL.
    for (const [key, value] of [...data.entries()]) {
      if (value === "" || value === "all") data.delete(key);
    }
    submit(data, { method: "get", replace, preventScrollReset: true });
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitNow(false);
  }

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      onSubmit={onSubmit}
      className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 flex-1 space-y-2 sm:min-w-64">
        <Label htmlFor={`${idPrefix}-q`}>{searchLabel}</Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          />
          <Input
            ref={searchRef}
            id={`${idPrefix}-q`}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={searchPlaceholder}
            autoComplete="off"
            className="pl-9"
            onChange={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(() => submitNow(true), SEARCH_DELAY_MS);
            }}
          />
        </div>
      </div>
      <div className="flex items-end gap-2">
        {selects.map((select) => (
          <div key={select.name} className="min-w-0 flex-1 space-y-2 sm:w-48 sm:flex-none">
            <Label htmlFor={`${idPrefix}-${select.name}`}>{select.label}</Label>
            <Select
              id={`${idPrefix}-${select.name}`}
              name={select.name}
              // Keyed by the URL's value: after back/forward it shows the list's filter again.
              key={select.value}
              defaultValue={select.value}
              onChange={() => submitNow(false)}
            >
              {select.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
        ))}
        <Button type="submit" variant="outline">
          {searching ? (
            <LoaderCircle aria-hidden className="animate-spin" />
          ) : (
            <Search aria-hidden />
          )}
          Search
        </Button>
      </div>
    </Form>
  );
}
