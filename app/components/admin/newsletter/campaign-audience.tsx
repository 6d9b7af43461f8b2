import { CheckboxField } from "~/components/admin/kit/fields";

/** A tag and how many confirmed subscribers carry it. */
export interface AudienceTag {
  tag: string;
  count: number;
}

const people = (count: number) => (count === 1 ? "1 subscriber" : `${count} subscribers`);

/**
 * Who gets the campaign: every confirmed subscriber, or those with any of the chosen tags (where
 * they signed up, imported, set by hand). A tag the campaign names that nobody carries any more
 * stays in the list, so unticking it is possible.
 */
export function AudienceField({
  id,
  tags,
  confirmed,
  byTags,
  onByTags,
  chosen,
  onChosen,
  error,
}: {
  /** The group's id: the first control gets it, for the focus on an error. */
  id: string;
  tags: AudienceTag[];
  confirmed: number;
  byTags: boolean;
  onByTags: (byTags: boolean) => void;
  chosen: string[];
  onChosen: (tags: string[]) => void;
  error?: string;
}) {
  const known = new Set(tags.map((t) => t.tag));
  const all = [
    ...tags,
    ...chosen.filter((tag) => !known.has(tag)).map((tag) => ({ tag, count: 0 })),
  ];
  const errorId = `${id}-error`;
  return (
    <div className="rounded-xl border border-line bg-white p-4 shadow-sm">
      <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined}>
        <legend className="mb-3 font-semibold text-ink">Audience</legend>
        <label className="flex items-start gap-2 text-sm">
          <input
            id={byTags ? undefined : id}
            type="radio"
            name="campaign-audience"
            className="mt-1"
            checked={!byTags}
            onChange={() => {
              onByTags(false);
              onChosen([]);
            }}
          />
          <span>
            Every confirmed subscriber <span className="text-muted">({people(confirmed)})</span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="campaign-audience"
            className="mt-1"
            checked={byTags}
            onChange={() => onByTags(true)}
          />
          <span>Confirmed subscribers with any of these tags</span>
        </label>
        {byTags ? (
          all.length === 0 ? (
            <p className="text-sm text-muted">No subscriber has a tag yet.</p>
          ) : (
            <div className="space-y-2 pl-6">
              {all.map(({ tag, count }, index) => (
                <CheckboxField
                  key={tag}
                  id={index === 0 ? id : `${id}-${tag}`}
                  label={`${tag} (${people(count)})`}
                  checked={chosen.includes(tag)}
                  onChange={(event) =>
                    onChosen(
                      event.currentTarget.checked
                        ? [...chosen, tag]
                        : chosen.filter((other) => other !== tag),
                    )
                  }
                />
              ))}
            </div>
          )
        ) : null}
        {error ? (
          <p id={errorId} className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
