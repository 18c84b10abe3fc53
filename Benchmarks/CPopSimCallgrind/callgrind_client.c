// The client requests of Valgrind's callgrind tool as functions (see include/callgrind_client.h).
// <valgrind/callgrind.h> and <valgrind/valgrind.h> are BSD-style licensed and installed by Debian's
// valgrind package; they are used where present and never copied into this repository.
#include "callgrind_client.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#define POPSIM_HAS_CALLGRIND 1
#include <valgrind/callgrind.h>
#endif
#endif

#ifdef POPSIM_HAS_CALLGRIND

int popsim_callgrind_is_supported(void) { return 1; }
unsigned popsim_running_on_valgrind(void) { return (unsigned)RUNNING_ON_VALGRIND; }
void popsim_callgrind_start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }
void popsim_callgrind_stop_instrumentation(void) { CALLGRIND_STOP_INSTRUMENTATION; }
void popsim_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }
void popsim_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void popsim_callgrind_dump_stats_at(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }

#else

int popsim_callgrind_is_supported(void) { return 0; }
unsigned popsim_running_on_valgrind(void) { return 0; }
void popsim_callgrind_start_instrumentation(void) {}
void popsim_callgrind_stop_instrumentation(void) {}
void popsim_callgrind_zero_stats(void) {}
void popsim_callgrind_toggle_collect(void) {}
void popsim_callgrind_dump_stats_at(const char *label) { (void)label; }

#endif
