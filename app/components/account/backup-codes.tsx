import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";

/** Backup codes, shown this once: to copy or to download as a text file. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join("\n")}\n`;
  return (
    <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold">Your backup codes</h3>
      <p className="mt-1 text-sm">
        Store these now, somewhere safe: this is the only time they are shown. Each code signs you
        in once when you do not have your authenticator app.
      </p>
      <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy codes"}
        </Button>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="backup-codes.txt"
          className="inline-flex items-center gap-1 rounded-md border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface"
        >
          <Download aria-hidden className="size-4" />
          Download as text
        </a>
      </div>
    </div>
  );
}
