//! The same transcendental functions natively as in WebAssembly.
//!
//! truck evaluates circles, cylinders, cones, spheres, tori and surfaces of revolution with
//! `f64::sin`, `cos`, `atan2`, `powf`…, which Rust's standard library sends to the platform's C
//! library: glibc natively, and in `wasm32-unknown-unknown` the `libm` crate (Rust's port of musl's
//! functions, built into `compiler_builtins`). The two differ in the last bit for some arguments,
//! and the tessellation's decisions (split an edge, refine a grid cell, the Delaunay flips) turn a
//! last-bit difference into different triangles. The native build therefore defines these C
//! symbols itself with the `libm` crate: the executable's definitions take precedence over the
//! shared glibc, so every caller in the process (truck, std, the engine) gets the same results as
//! the WebAssembly module, bit for bit (web/e2e/wasm-parity.mjs checks it on the STEP corpus).
//! Each of these functions is within one unit in the last place of the exact value, as glibc's.

macro_rules! unary {
    ($($name:ident),*) => {$(
        #[no_mangle]
        pub extern "C" fn $name(x: f64) -> f64 {
            libm::$name(x)
        }
    )*};
}

unary!(
    sin, cos, tan, asin, acos, atan, sinh, cosh, tanh, exp, exp2, expm1, log, log2, log10, log1p,
    cbrt
);

#[no_mangle]
pub extern "C" fn atan2(y: f64, x: f64) -> f64 {
    libm::atan2(y, x)
}

#[no_mangle]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    libm::pow(x, y)
}

#[no_mangle]
pub extern "C" fn hypot(x: f64, y: f64) -> f64 {
    libm::hypot(x, y)
}

/// LLVM merges `sin(x)` and `cos(x)` of the same argument into one `sincos` call on GNU targets.
///
/// # Safety
///
/// `s` and `c` must be valid for writes, as C's `sincos` requires.
#[no_mangle]
pub unsafe extern "C" fn sincos(x: f64, s: *mut f64, c: *mut f64) {
    // SAFETY: the caller (LLVM's lowering of sin + cos) passes two valid, writable pointers.
    unsafe {
        *s = libm::sin(x);
        *c = libm::cos(x);
    }
}
