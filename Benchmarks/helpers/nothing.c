/* nothing: a static executable that starts and ends. Benchmarks/run.sh times it beside
 * queryfloor, so that the query's system calls can be told from the start of a process. */
int main(void) { return 0; }
