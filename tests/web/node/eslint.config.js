// ESLint's flat config for the board page (controller/server/web): browser ES modules, no build
// step. Run from the repository root: tests/web/node/node_modules/.bin/eslint -c THIS controller/server/web

import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["controller/server/web/**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-unused-vars": ["error", { args: "after-used" }],
      "no-shadow": "error",
      "no-var": "error",
      "prefer-const": "error",
      eqeqeq: ["error", "always"],
      "no-implicit-globals": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program > VariableDeclaration[kind='let']",
          message: "a module-level variable: keep page state in store.js's one state object",
        },
      ],
    },
  },
];
