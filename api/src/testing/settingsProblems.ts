import { readSettings, SettingsError } from '../settings';

/** What readSettings refuses `env` for, one message per problem; none when it starts. */
export function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    readSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  return [];
}
