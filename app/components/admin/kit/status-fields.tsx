import type * as React from "react";
import { SelectField, TextField } from "./fields";

/**
 * A post's or a page's Status, and its "Publish on" time while it is Scheduled: the time is
 * entered in the site's time zone ("YYYY-MM-DDTHH:mm"), which the hint names.
 */
export function StatusFields<S extends string>({
  ids,
  names,
  statuses,
  labels,
  status,
  publishAt,
  errors,
  statusHint,
  timeZone,
  onStatus,
  onPublishAt,
}: {
  ids: { status: string; publishAt: string };
  /** Form field names, for a form that also posts without JavaScript. */
  names?: { status: string; publishAt: string };
  statuses: readonly S[];
  labels: Record<S, string>;
  status: S;
  publishAt: string;
  errors: { status?: string; publishAt?: string };
  statusHint?: React.ReactNode;
  timeZone: string;
  onStatus: (status: S) => void;
  onPublishAt: (value: string) => void;
}) {
  return (
    <>
      <SelectField
        id={ids.status}
        label="Status"
        error={errors.status}
        hint={statusHint}
        name={names?.status}
        value={status}
        onValue={(value) => onStatus(value as S)}
      >
        {statuses.map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
      </SelectField>
      {status === "scheduled" ? (
        <ZonedTimeField
          id={ids.publishAt}
          label="Publish on"
          error={errors.publishAt}
          timeZone={timeZone}
          name={names?.publishAt}
          value={publishAt}
          onValue={onPublishAt}
        />
      ) : null}
    </>
  );
}

/**
 * A date and time entered in the site's time zone ("YYYY-MM-DDTHH:mm", see app/lib/zoned-time.ts),
 * which the hint names: a post's "Publish on", a campaign's schedule.
 */
export function ZonedTimeField({
  id,
  label,
  error,
  timeZone,
  name,
  value,
  onValue,
}: {
  id: string;
  label: string;
  error?: string;
  timeZone: string;
  name?: string;
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <TextField
      id={id}
      label={label}
      required
      error={error}
      hint={`Date and time in ${timeZone} (the site's time zone, set in Settings).`}
      type="datetime-local"
      name={name}
      value={value}
      onValue={onValue}
    />
  );
}
