import { readFile } from 'node:fs/promises';

/**
 * The JSON document in `file` (a command's --file), or `fail` with what is wrong with it: the
 * admin API validates the content itself and names each field to fix.
 */
export async function readJsonFile(file: string | undefined, fail: (message: string) => never): Promise<unknown> {
  if (!file) return fail('--file is required: the path of a JSON file.');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return fail(`Cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    return fail(`${file} is not valid JSON: ${(err as Error).message}`);
  }
}
