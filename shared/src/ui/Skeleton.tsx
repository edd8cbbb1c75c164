/** A grey placeholder shaped like what is loading; hidden from screen readers, which get the busy region instead. */
export function Skeleton({ width = '100%', height = '1em', className = '' }: { width?: string; height?: string; className?: string }) {
  return <span className={`sf-skeleton ${className}`} style={{ width, height }} aria-hidden="true" />;
}
