// A local stand-in for the menu platforms (their real request paths and payload formats) with
// latency, failure and bot-block injection. It lands with the adapters (issue 4).
export {};
