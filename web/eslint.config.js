// ESLint flat configuration: typescript-eslint, React hooks and fast-refresh rules, and the
// boundaries of the source folders (bulletproof-react's rule: no import from one feature into
// another; shared code lives in components/ and lib/, which import no feature).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
// Every folder of src/features is a feature, so a new one is covered without editing this file.
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `A feature does not import another one: move what "${feature}" shares to src/components or src/lib.`,
  })),
  {
    target: ['./src/components', './src/lib', './src/workers', './src/config', './src/wasm'],
    from: './src/features',
    message: 'Shared code (components, lib, workers, config) imports no feature.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/wasm/pkg', 'src/wasm/pkg-step', 'e2e/artifacts', 'bench/out'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
  },
);
