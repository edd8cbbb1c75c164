/**
 * LCP, INP and CLS from web-vitals, in a chunk of their own loaded after the page's first load
 * (pageViewReport.ts): its observers read the browser's buffered entries, so starting late still
 * sees the page's largest paint, its layout shifts and its slow interactions.
 */
import { onCLS, onINP, onLCP } from 'web-vitals';
import { noteVital } from './pageHealth';

/**
 * Keeps each metric's latest value. Without reportAllChanges each gives its final value when the
 * page is hidden, from web-vitals' capture-phase listeners, which run before the report is sent
 * (pageViewReport.ts listens in the bubbling phase).
 */
export function measureVitals(): void {
  const options = { reportAllChanges: false };
  onLCP((metric) => noteVital('lcp', metric.value), options);
  onINP((metric) => noteVital('inp', metric.value), options);
  onCLS((metric) => noteVital('cls', metric.value), options);
}
