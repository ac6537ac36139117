#!/usr/bin/env node
// Which packages of an npm lockfile refuse a node version.
//
//     node engines.js LOCKFILE [NODE_VERSION]
//
// Reads every package's `engines.node` in LOCKFILE (package-lock.json,
// lockfileVersion 2 or 3) and checks it against NODE_VERSION, by default
// the lowest version the root package's own `engines.node` accepts
// (">=18.19" is 18.19.0): the oldest node the lockfile claims to run on.
// Prints each package whose range refuses that version and exits 1 if there
// is one, 0 if every package accepts it. npm only warns about such a
// package (EBADENGINE) and installs it anyway; the package then fails at
// run time, so the lockfile is checked here instead.
//
// The ranges are read by `semver`, the library npm itself reads them with,
// from the node_modules beside LOCKFILE (run.sh install puts it there).
'use strict';
const fs = require('fs');
const path = require('path');

function main(argv) {
    if (argv.length < 1 || argv.length > 2) {
        console.error('usage: node engines.js LOCKFILE [NODE_VERSION]');
        return 2;
    }
    const [lockFile, given] = argv;
    let semver;
    try {
        semver = require(require.resolve('semver', { paths: [path.dirname(path.resolve(lockFile))] }));
    } catch {
        console.error(`${lockFile}: no semver in the node_modules beside it (run run.sh install first)`);
        return 2;
    }
    const packages = JSON.parse(fs.readFileSync(lockFile, 'utf8')).packages;
    if (!packages) {
        console.error(`${lockFile}: no \`packages\` (lockfileVersion 2 or 3 is needed)`);
        return 2;
    }
    const nodeRange = (engines) => {
        if (Array.isArray(engines)) { // old packages: ["node >= 0.8"]
            const entry = engines.find((e) => /^\s*node\b/.test(e));
            return entry ? entry.replace(/^\s*node\s*/, '') : undefined;
        }
        return engines ? engines.node : undefined;
    };
    const root = nodeRange((packages[''] || {}).engines);
    let version;
    if (given)
        version = given.replace(/^v/, '');
    else if (root)
        version = semver.minVersion(root).version;
    else {
        console.error(`${lockFile}: the root package has no engines.node; give NODE_VERSION`);
        return 2;
    }
    const refused = [];
    let checked = 0;
    for (const key of Object.keys(packages).sort()) {
        const wanted = key === '' ? undefined : nodeRange(packages[key].engines);
        if (wanted === undefined)
            continue;
        ++checked;
        if (!semver.satisfies(version, wanted)) {
            const name = key.split('node_modules/').pop();
            refused.push(`${name}@${packages[key].version || '?'} (${key}): node ${wanted}`);
        }
    }
    for (const line of refused)
        console.log(`refuses node ${version}: ${line}`);
    console.log(`${Object.keys(packages).length - 1} packages, ${checked} with engines.node, ` +
                `${refused.length} refuse node ${version}`);
    return refused.length ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
