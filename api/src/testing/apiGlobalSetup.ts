import { makeSeededTemplate, TEMPLATE_VARIABLE } from './seededTemplate';

/** jest globalSetup of the api project: the seeded PGlite every suite's app starts from. */
export default async function makeTemplateForApiTests(): Promise<void> {
  process.env[TEMPLATE_VARIABLE] = await makeSeededTemplate();
}
