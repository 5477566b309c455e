// CoreImage.CIFilterBuiltins: the explicit submodule `import CoreImage.CIFilterBuiltins` names.
// In the SDK it declares the typed filter protocols (CIQRCodeGenerator, ...) and the CIFilter
// category that makes them (+QRCodeGenerator, ...), in Objective-C; here it is empty and those
// declarations are in 2-FilterBuiltins.swiftinterface.
// https://developer.apple.com/documentation/coreimage/cifilter-swift.class
