#include <tesseract/capi.h>
#include <leptonica/allheaders.h>

/* libtesseract runs its LSTM on OpenMP threads (libgomp) with explicit num_threads clauses, which
   omp_set_num_threads does not override, and OMP_THREAD_LIMIT is only read when libgomp loads.
   max-active-levels 0 makes every parallel region run on one thread, process-wide. Declared here
   to avoid depending on gcc's omp.h path. */
extern void omp_set_max_active_levels(int max_levels);
