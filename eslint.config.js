// Code style and accessibility. The shape of the code (which folder may import which, and no import cycles) is
// checked by dependency-cruiser with .dependency-cruiser.js (ADR 054).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-e2e-*/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // `import { type A }` stays an `import {}` under verbatimModuleSyntax and loads the module in the browser
      // (a schemas file once cost the profile page 27 KB): a types-only import says `import type`.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  {
    // A focused test (`test.only`, `describe.only`, `test.describe.only`) would silently skip the rest.
    files: ["**/*.test.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        { property: "only", message: "No focused tests in the repository: remove `.only`." },
      ],
    },
  },
);
