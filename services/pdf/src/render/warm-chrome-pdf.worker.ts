/**
 * Worker half of the `warm-chrome-pdf` jsreport extension. jsreport-core 4 runs templating and
 * recipes in worker threads and loads an extension's worker part with require(), so this module
 * exports its function as `module.exports` (require of an ES module gives that export).
 *
 * The recipe does not print in the worker: a browser per worker would mean one Chromium per
 * thread. It hands the HTML produced by the engine to the main thread's action
 * `warm-chrome-pdf.print`, which prints on the pool of warm pages of the one shared browser.
 */

export const recipeName = 'warm-chrome-pdf';
export const printActionName = 'warm-chrome-pdf.print';

interface RecipeResponse {
  meta: Record<string, unknown>;
  output: { getBuffer(): Promise<Buffer>; update(content: Buffer): Promise<void> };
}

interface WorkerReporter {
  extensionsManager: { recipes: { name: string; execute: (req: unknown, res: RecipeResponse) => Promise<void> }[] };
  executeMainAction(name: string, data: unknown, req: unknown): Promise<{ pdf: Uint8Array }>;
}

function warmChromePdfWorker(reporter: WorkerReporter): void {
  reporter.extensionsManager.recipes.push({
    name: recipeName,
    execute: async (req, res) => {
      const html = (await res.output.getBuffer()).toString('utf8');
      const { pdf } = await reporter.executeMainAction(printActionName, { html }, req);
      res.meta.contentType = 'application/pdf';
      res.meta.fileExtension = 'pdf';
      await res.output.update(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    },
  });
}

export { warmChromePdfWorker as 'module.exports' };
