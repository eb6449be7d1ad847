import java.io.File;
import java.io.InputStream;
import java.io.StringWriter;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.transform.stream.StreamSource;

import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.XsltCompiler;
import net.sf.saxon.s9api.XsltExecutable;
import net.sf.saxon.s9api.XsltTransformer;
import org.mustangproject.validator.ZUGFeRDValidator;

/**
 * Validates every file named on the command line (Factur-X PDFs, CII and UBL XML) in ONE JVM with
 * the Mustang validator 2.25.0, and the files named *peppol*.xml also with the OpenPeppol BIS
 * Billing 3.0 rules (PEPPOL-EN16931-UBL.xslt 2025.5 from phive-rules-peppol, run with Mustang's
 * Saxon), which Mustang does not run. Writes FILE.mustang-report (Mustang's XML report) beside each
 * file and prints, per file:
 *
 *   VALID|INVALID errors=N warnings=N notices=N pdfa=compliant|NONCOMPLIANT|n/a peppol=checked|n/a ms=N FILE
 *       error: TEXT        (one line each: Mustang errors, fatals and exceptions, failed veraPDF
 *       warning: TEXT       rules, Peppol fatal and warning asserts, each with its rule id)
 *
 * The verdict is stricter than ZUGFeRDValidator.wasCompletelyValid(). A file is INVALID on any error,
 * on any <summary status="invalid"/> (in 2.25.0 a veraPDF failure only flips the <pdf> summary: no
 * <error>, and the top summary stays "valid"), on a PDF veraPDF does not find compliant, and on an
 * "Arithmetical issue" warning: Mustang re-calculates the invoice and reports a wrong line net or
 * VAT only as such a warning, while the EN 16931 rules let a VAT amount 1.00 off pass.
 * A new ZUGFeRDValidator per file: it keeps per-run state that is not reset.
 * Exit code 1 if any file is INVALID, 2 on a usage error.
 */
public class ValidateMany {
  private static final String PEPPOL_XSLT = "/external/schematron/openpeppol/2025.5/xslt/PEPPOL-EN16931-UBL.xslt";
  private static final Pattern MESSAGE =
      Pattern.compile("<(error|warning|fatal|exception|notice)(?:\\s[^>]*)?>([^<]*)</\\1>");
  private static final Pattern VERA = Pattern.compile(
      "clause=([^,]+), testNumber=(\\d+)\\], status=failed.*?errorMessage=(.*?)\\](?=, TestAssertion|\\], isCompliant)");
  private static final Pattern FAILED_ASSERT =
      Pattern.compile("<svrl:failed-assert((?:\\s+[\\w:-]+=\"[^\"]*\")*)\\s*>(.*?)</svrl:failed-assert>", Pattern.DOTALL);
  private static final Pattern SVRL_TEXT = Pattern.compile("<svrl:text>(.*?)</svrl:text>", Pattern.DOTALL);

  private static XsltExecutable peppolRules;
  private static Processor saxon;

  public static void main(String[] args) throws Exception {
    if (args.length == 0) {
      System.err.println("usage: ValidateMany FILE...");
      System.exit(2);
    }
    boolean allValid = true;
    for (String f : args) {
      long t0 = System.nanoTime();
      String report = new ZUGFeRDValidator().validate(f);
      Files.writeString(Path.of(f + ".mustang-report"), report, StandardCharsets.UTF_8);

      List<String> errors = new ArrayList<>();
      List<String> warnings = new ArrayList<>();
      int notices = 0;
      boolean arithmetic = false;
      Matcher m = MESSAGE.matcher(report);
      while (m.find()) {
        String kind = m.group(1), text = oneLine(m.group(2));
        switch (kind) {
          case "notice" -> notices++;
          case "warning" -> {
            warnings.add(text);
            arithmetic |= text.startsWith("Arithmetical issue");
          }
          default -> errors.add(kind.equals("error") ? text : kind + ": " + text);
        }
      }
      boolean isPdf = report.contains("<pdf>");
      String pdfa = !isPdf ? "n/a" : report.contains("isCompliant=true") ? "compliant" : "NONCOMPLIANT";
      if (isPdf && pdfa.equals("NONCOMPLIANT")) {
        Set<String> rules = new LinkedHashSet<>();
        Matcher vm = VERA.matcher(report);
        while (vm.find()) rules.add("veraPDF " + vm.group(1) + "-" + vm.group(2) + " " + oneLine(vm.group(3)));
        errors.addAll(rules);
        if (rules.isEmpty()) errors.add("veraPDF: the PDF is not PDF/A compliant");
      }
      if (report.contains("<summary status=\"invalid\"/>") && errors.isEmpty())
        errors.add("the report's summary is invalid without an error message (see " + f + ".mustang-report)");

      boolean peppol = new File(f).getName().contains("peppol") && f.endsWith(".xml");
      if (peppol) peppolCheck(f, errors, warnings);

      boolean ok = errors.isEmpty() && !arithmetic;
      allValid &= ok;
      long ms = (System.nanoTime() - t0) / 1_000_000;
      System.out.printf("%s errors=%d warnings=%d notices=%d pdfa=%s peppol=%s ms=%d %s%n", ok ? "VALID" : "INVALID",
          errors.size(), warnings.size(), notices, pdfa, peppol ? "checked" : "n/a", ms, f);
      for (String e : errors) System.out.println("    error: " + e);
      for (String w : warnings) System.out.println("    warning: " + w);
      System.out.flush();
    }
    System.exit(allValid ? 0 : 1);
  }

  /** The Peppol BIS rules: a fatal assert is an error, a warning assert a warning. */
  private static void peppolCheck(String file, List<String> errors, List<String> warnings) throws Exception {
    if (peppolRules == null) {
      saxon = new Processor(false);
      URL url = ValidateMany.class.getResource(PEPPOL_XSLT);
      if (url == null) throw new IllegalStateException(PEPPOL_XSLT + " is not on the classpath (phive-rules-peppol)");
      XsltCompiler compiler = saxon.newXsltCompiler();
      // The rules compile with style warnings (xsl:value-of in functions): only errors are news.
      compiler.setErrorReporter(e -> {
        if (!e.isWarning()) System.err.println(e.getMessage());
      });
      try (InputStream in = url.openStream()) {
        peppolRules = compiler.compile(new StreamSource(in, url.toExternalForm()));
      }
    }
    StringWriter svrl = new StringWriter();
    XsltTransformer t = peppolRules.load();
    t.setSource(new StreamSource(new File(file)));
    t.setDestination(saxon.newSerializer(svrl));
    t.transform();
    Matcher m = FAILED_ASSERT.matcher(svrl.toString());
    while (m.find()) {
      String attributes = m.group(1);
      String id = attribute(attributes, "id"), flag = attribute(attributes, "flag");
      Matcher text = SVRL_TEXT.matcher(m.group(2));
      String message = "[" + id + "] " + (text.find() ? oneLine(text.group(1)) : "") + " (Peppol BIS rules)";
      ("warning".equals(flag) ? warnings : errors).add(message);
    }
  }

  private static String attribute(String attributes, String name) {
    Matcher m = Pattern.compile("\\s" + name + "=\"([^\"]*)\"").matcher(attributes);
    return m.find() ? m.group(1) : "";
  }

  /** Report text on one line, its entities decoded, at most 400 characters. */
  private static String oneLine(String text) {
    String t = text.replaceAll("\\s+", " ").trim().replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
        .replace("&apos;", "'").replace("&amp;", "&");
    return t.length() > 400 ? t.substring(0, 400) + "…" : t;
  }
}
