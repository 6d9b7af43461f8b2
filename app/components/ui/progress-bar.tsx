import { cn } from "~/lib/utils";

/**
 * A determinate progress bar: `percent` from 0 to 100, named by `label` for assistive
 * technology, with `valueText` read out instead of the bare percentage when given.
 */
export function ProgressBar({
  label,
  percent,
  valueText,
  pulsing,
  className,
}: {
  label: string;
  percent: number;
  valueText?: string;
  /** Work whose share is unknown for now (a server processing): the bar pulses. */
  pulsing?: boolean;
  className?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      data-slot="progress-bar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn("h-2 overflow-hidden rounded-full bg-slate-200", className)}
    >
      <div
        className={cn(
          "h-full rounded-full bg-primary-strong transition-[width]",
          pulsing && "motion-safe:animate-pulse",
        )}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
