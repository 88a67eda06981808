import { makeTemplate } from './template';

/** Once per run, before any test file: the template database every file copies (template.ts). */
export default async function globalSetup(): Promise<void> {
  const remove = await makeTemplate();
  (globalThis as { __removeTemplate?: () => Promise<void> }).__removeTemplate = remove;
}
