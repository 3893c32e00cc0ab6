// Placeholder entry point replaced by the wallet module's reconciliation (issue 4).
console.error('ledger:check is provided by the wallet module');
process.exit(2);
