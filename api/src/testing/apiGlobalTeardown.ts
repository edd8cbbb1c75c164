import { removeSeededTemplate } from './seededTemplate';

export default async function removeTemplateOfApiTests(): Promise<void> {
  await removeSeededTemplate();
}
