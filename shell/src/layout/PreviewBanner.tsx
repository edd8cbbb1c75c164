import type { Composition, RefusedPreview } from '../federation/composition';

/** A reason as the end of a sentence. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function RefusedLine({ refused }: { refused: RefusedPreview }) {
  return (
    <span className="shell-preview-banner__refused" data-testid="preview-refused">
      Preview of {refused.remote} {refused.version} refused: {sentence(refused.reason)} You are seeing the live version.
    </span>
  );
}

/**
 * Testers previewing an unreleased remote see it plainly, and how to leave; a preview the shell's
 * server refused (its release fails the rules) says why, and that the live version is shown.
 */
export function PreviewBanner({ preview, refused = [] }: { preview: Composition['preview']; refused?: Composition['previewRefused'] }) {
  if (preview.length === 0 && refused.length === 0) return null;
  return (
    <div
      className={`shell-preview-banner${refused.length > 0 ? ' shell-preview-banner--refused' : ''}`}
      role="status"
      data-testid="preview-banner"
      {...(refused.length > 0 ? { 'data-preview-refused': refused.map((item) => `${item.remote}@${item.version}`).join(',') } : {})}
    >
      {preview.length > 0 ? <span>Preview: {preview.map((item) => `${item.remote} ${item.version}`).join(', ')}. Shoppers do not see this version. </span> : null}
      {refused.map((item) => (
        <RefusedLine key={`${item.remote}@${item.version}`} refused={item} />
      ))}
      <a href="?preview=off">Leave the preview</a>
    </div>
  );
}
