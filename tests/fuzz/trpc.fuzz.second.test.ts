// The tRPC fuzz's second half of the router's procedures (the whole suite and why it is dealt in
// two: ./trpcFuzz.ts).
import { fuzzTrpcShard } from './trpcFuzz';

fuzzTrpcShard(1, 2);
