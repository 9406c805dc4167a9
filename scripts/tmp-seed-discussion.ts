process.env.BENCH_USERS ??= '100';
process.env.BENCH_CONTESTS ??= '12';
const { seed } = await import('./bench-seed');
const { seedDiscussion } = await import('./bench-discussion');
await seed(process.argv[2]!);
console.log(await seedDiscussion(process.argv[2]!));
export {};
