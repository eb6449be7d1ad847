// Imported first by the tests that resolve peers through a DNS server of their own, as the local
// platform does: grpc-js reads this once, as it loads, and asks a target's DNS server only with it.
process.env.GRPC_NODE_USE_ALTERNATIVE_RESOLVER = 'true';
