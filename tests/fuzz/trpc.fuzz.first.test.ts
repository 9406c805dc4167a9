// The tRPC fuzz's first half of the router's procedures (the whole suite and why it is dealt in
// two: ./trpcFuzz.ts).
import { fuzzTrpcShard } from './trpcFuzz';

fuzzTrpcShard(0, 2);
