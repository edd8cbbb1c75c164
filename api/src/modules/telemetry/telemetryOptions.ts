import path from 'node:path';
import { ROOT } from '@storefront/release-state';
import { DEFAULT_CANARY_CHECK_MS, DEFAULT_CANARY_THRESHOLDS, type CanaryThresholds } from './judgement';

/** How the api takes the storefront's health reports and judges a running canary (settings.ts reads them). */
export interface TelemetryOptions {
  /**
   * TELEMETRY_SECRET, shared with the edge: it signs the page-view tokens and the edge's own
   * reports. Null: telemetry is off (POST /telemetry answers 503) and no canary is judged.
   */
  secret: string | null;
  /** COMPOSITION_FILE: the live composition, whose running canary the worker judges and may end. */
  compositionFile: string;
  thresholds: CanaryThresholds;
  /** CANARY_CHECK_MS: how often the worker judges a running canary. */
  checkMs: number;
}

/** The composition file the compose command and the edge use when COMPOSITION_FILE is not set. */
export const DEFAULT_COMPOSITION_FILE = path.join(ROOT, 'composition', 'composition.json');

export const TELEMETRY_OFF: TelemetryOptions = {
  secret: null,
  compositionFile: DEFAULT_COMPOSITION_FILE,
  thresholds: DEFAULT_CANARY_THRESHOLDS,
  checkMs: DEFAULT_CANARY_CHECK_MS,
};
