#ifndef POPSIM_CALLGRIND_CLIENT_H
#define POPSIM_CALLGRIND_CLIENT_H

// Valgrind callgrind client requests as functions Swift can call (the requests themselves are macros
// of inline assembly in <valgrind/callgrind.h>, which Swift cannot import). Built with Debian's
// valgrind headers (/usr/include/valgrind, package `valgrind`) when they are present; without them
// every request is a no-op and popsim_callgrind_is_supported() is 0, so the bench still builds and
// `--counts` says what is missing.

// 1 when built with <valgrind/callgrind.h>, else 0.
int popsim_callgrind_is_supported(void);
// The number of Valgrind layers the process runs under (0 natively); 0 when not supported.
unsigned popsim_running_on_valgrind(void);
void popsim_callgrind_start_instrumentation(void);
void popsim_callgrind_stop_instrumentation(void);
void popsim_callgrind_zero_stats(void);
void popsim_callgrind_toggle_collect(void);
// Writes the counts collected since the last dump (or zeroing) to the next dump file, labelled.
void popsim_callgrind_dump_stats_at(const char *label);

#endif
