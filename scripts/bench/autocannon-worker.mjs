// Runs one autocannon load in this process, apart from the server under test and from the bench
// that starts it, so the load generator never shares an event loop with either.
//   node scripts/bench/autocannon-worker.mjs '<options as JSON>'
// Prints autocannon's result as one JSON line.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const result = await autocannon(options);
process.stdout.write(`${JSON.stringify(result)}\n`);
