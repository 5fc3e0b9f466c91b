// ESLint (flat config) for the browser client (src/cetate/web: plain ES modules run by the browser as they
// are) and the client's unit tests (tests/js: node's test runner). `make lint` and `make test` run it.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "build/", "dist/", "docs/", "data/", "records/"] },
  js.configs.recommended,
  {
    files: ["src/cetate/web/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
  {
    rules: {
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "prefer-const": ["error", { destructuring: "all" }],
      "no-implicit-globals": "error",
      "no-shadow-restricted-names": "error",
      "no-throw-literal": "error",
      "no-self-compare": "error",
      "no-unmodified-loop-condition": "error",
      "no-unused-private-class-members": "error",
    },
  },
];
