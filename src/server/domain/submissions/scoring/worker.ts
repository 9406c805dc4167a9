// The scoring worker's entry: serves task.ts's tasks to the pool (platform/workers).
import { serveTasks } from '../../../platform/workers';
import { checkKey, sample, score } from './task';

serveTasks({ score, readKey: checkKey, sample });
