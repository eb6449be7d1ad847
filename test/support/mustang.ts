/**
 * The independent e-invoice validator (scripts/validate-e-invoices.sh: Mustang 2.25.0 and the
 * Peppol BIS rules, installed by scripts/install-mustang.sh), run once over many files.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ValidationResult {
  file: string;
  /** The validator's verdict: no error, and no arithmetic warning (see ValidateMany.java). */
  valid: boolean;
  errors: string[];
  warnings: string[];
}

const verdictLine = /^(VALID|INVALID) errors=\d+ warnings=\d+ notices=\d+ pdfa=\S+ peppol=\S+ ms=\d+ (.+)$/;
const messageLine = /^ {4}(error|warning): (.*)$/;

/**
 * Validates `files` in one validator run (the JVM start costs seconds; each file then 0.1-2 s) and
 * gives each file's verdict, in order. Rejects when the validator cannot run or reports on other files.
 */
export function validateEInvoices(files: string[]): Promise<ValidationResult[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      [path.join(root, 'scripts/validate-e-invoices.sh'), ...files],
      { maxBuffer: 64 * 1024 * 1024, timeout: 10 * 60_000 },
      (err, stdout, stderr) => {
        // Exit code 1 only says that a file is invalid; the verdicts tell which.
        if (err && err.code !== 1)
          return reject(new Error(`the validator failed: ${err.message}\n${stderr.slice(-4000)}`));
        const results: ValidationResult[] = [];
        for (const line of stdout.split('\n')) {
          const verdict = verdictLine.exec(line);
          if (verdict) {
            results.push({ file: verdict[2]!, valid: verdict[1] === 'VALID', errors: [], warnings: [] });
            continue;
          }
          const message = messageLine.exec(line);
          const current = results.at(-1);
          if (message && current) (message[1] === 'error' ? current.errors : current.warnings).push(message[2]!);
        }
        const reported = results.map((r) => r.file);
        if (reported.join('\n') !== files.join('\n'))
          return reject(
            new Error(`the validator reported on ${reported.length} of ${files.length} files\n${stderr.slice(-4000)}`),
          );
        resolve(results);
      },
    );
  });
}
