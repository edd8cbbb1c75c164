import type { Composition } from '../federation/composition';

/** Testers previewing an unreleased remote see it plainly, and how to leave. */
export function PreviewBanner({ preview }: { preview: Composition['preview'] }) {
  if (preview.length === 0) return null;
  return (
    <div className="shell-preview-banner" role="status" data-testid="preview-banner">
      Preview: {preview.map((item) => `${item.remote} ${item.version}`).join(', ')}. Shoppers do not see this version.{' '}
      <a href="?preview=off">Leave the preview</a>
    </div>
  );
}
