// Async boundary: shared singletons are negotiated before any of them is used.
import('./bootstrap');
