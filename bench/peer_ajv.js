#!/usr/bin/env node
// Peer: js-yaml + ajv (draft 2020-12 via ajv/dist/2020), the whole corpus in one node process.
//
// usage: node peer_ajv.js SCHEMA DIR OUT.tsv [--strict]
// Writes one line per invalid file: "file<TAB>yaml|shape<TAB>first problem". Formats are annotations
// (validateFormats: false), as draft 2020-12 says by default and as widgetc does. Needs ajv v8 on
// NODE_PATH (bench/validate puts Debian's node-ajv 8 there; Debian 12's own node-ajv is v6, draft-07).
// --strict compiles the schema in ajv's strict mode (union types allowed) and prints what ajv objects
// to, then exits.
'use strict';
const fs = require('fs');
const path = require('path');
const yaml = require('js-yaml');

let Ajv2020;
try {
  Ajv2020 = require('ajv/dist/2020');
} catch (e) {
  console.error('peer_ajv: ajv/dist/2020 not found (ajv v8 needed for draft 2020-12): ' + e.message);
  process.exit(3);
}
Ajv2020 = Ajv2020.default || Ajv2020;

function yamlFiles(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ya?ml$/.test(entry.name)) found.push(full);
    }
  };
  walk(root);
  return found.sort();
}

function main() {
  const [schemaPath, root, outPath] = process.argv.slice(2, 5);
  const strict = process.argv.includes('--strict');
  const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
  if (strict) {
    const warnings = [];
    const logger = { log() {}, warn: (...a) => warnings.push(a.join(' ')), error: (...a) => warnings.push(a.join(' ')) };
    try {
      new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false, logger }).compile(schema);
      console.log('ajv strict: schema compiles' + (warnings.length ? ' with warnings:' : ', no warnings'));
    } catch (e) {
      console.log('ajv strict: schema refused: ' + e.message);
    }
    for (const w of warnings) console.log('  ' + w);
    return;
  }
  // strict: false: ajv's strict mode is a lint of the schema, not part of draft 2020-12.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  const validate = ajv.compile(schema);
  const lines = [];
  const files = yamlFiles(root);
  for (const file of files) {
    const rel = path.relative(root, file);
    const text = fs.readFileSync(file, 'utf8');
    let docs;
    try {
      docs = yaml.loadAll(text);
    } catch (e) {
      lines.push(`${rel}\tyaml\t${String(e.reason || e.message).replace(/\s+/g, ' ')}`);
      continue;
    }
    for (const doc of docs) {
      if (!validate(doc)) {
        const err = validate.errors[0];
        lines.push(`${rel}\tshape\t${err.instancePath}: ${err.message}`);
        break;
      }
    }
  }
  fs.writeFileSync(outPath, lines.length ? lines.join('\n') + '\n' : '');
  console.log(`js-yaml+ajv: ${files.length} files, ${lines.length} invalid`);
}

main();
