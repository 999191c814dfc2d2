import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

struct LayoutBlockCutoutTests {
    static func rounded(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double) -> Cutout {
        Cutout(bounds: Rect(x: x, y: y, width: width, height: height), cornerRadius: radius, isCircle: false)
    }

    static func circle(centerX: Double, centerY: Double, radius: Double) -> Cutout {
        Cutout(bounds: Rect(x: centerX - radius, y: centerY - radius, width: 2 * radius, height: 2 * radius), cornerRadius: radius, isCircle: true)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// Whether a point lies in the hole as drawn: within the radius of its core.
    static func contains(_ cutout: Cutout, _ x: Double, _ y: Double) -> Bool {
        let core = cutout.core
        let dx = max(core.minX - x, 0, x - core.maxX)
        let dy = max(core.minY - y, 0, y - core.maxY)
        return dx * dx + dy * dy <= cutout.drawnRadius * cutout.drawnRadius
    }

    @Test func separationOfShapesAsDrawn() {
        // Plain rectangles: the gap between them, or the least move that clears them.
        #expect(Self.rounded(0, 0, 44, 44, radius: 0).separation(from: Self.rounded(52, 0, 44, 44, radius: 0)) == 8)
        #expect(Self.rounded(0, 0, 64, 64, radius: 0).separation(from: Self.rounded(52, 0, 64, 64, radius: 0)) == -12)
        // One inside the other must move 50 pt (to the leading side) to clear it.
        #expect(Self.rounded(0, 0, 100, 100, radius: 0).separation(from: Self.rounded(40, 40, 10, 10, radius: 0)) == -50)
        // Circles: centre distance less the radii.
        #expect(Self.circle(centerX: 0, centerY: 0, radius: 10).separation(from: Self.circle(centerX: 30, centerY: 0, radius: 10)) == 10)
        #expect(Self.circle(centerX: 0, centerY: 0, radius: 10).separation(from: Self.circle(centerX: 0, centerY: 15, radius: 10)) == -5)
        // Two 64 pt circles (capsules around squares) 52 pt apart on each axis: their boxes share a
        // 12 pt corner square, but the circles are 73.5 - 64 = 9.5 pt apart.
        let front = Self.rounded(90, 90, 64, 64, radius: 32)
        let back = Self.rounded(142, 142, 64, 64, radius: 32)
        #expect(front.bounds.intersects(back.bounds))
        #expect(Self.close(front.separation(from: back), (2 * 52.0 * 52).squareRoot() - 64))
        #expect(!front.overlaps(back) && !back.overlaps(front))
        // A circle off a rectangle's corner: 3√2 - 4 from the corner, though the boxes overlap.
        let square = Self.rounded(0, 0, 10, 10, radius: 0)
        let ball = Self.circle(centerX: 13, centerY: 13, radius: 4)
        #expect(Self.close(square.separation(from: ball), 3 * 2.0.squareRoot() - 4))
        #expect(!square.overlaps(ball) && !ball.overlaps(square.bounds))
        // A capsule and a rounded rectangle end to end, touching: not an overlap.
        let capsule = Self.rounded(0, 0, 100, 40, radius: 20)
        let card = Self.rounded(100, 0, 50, 40, radius: 6)
        #expect(capsule.separation(from: card) == 0 && !capsule.overlaps(card))
        // A radius larger than the shape allows is drawn clamped.
        #expect(Self.rounded(0, 0, 20, 10, radius: 50).drawnRadius == 5)
    }

    /// On random shapes, the separation agrees with sampling points: holes that overlap by more
    /// than the grid's spacing share a sample point; holes further apart than that share none.
    @Test func separationAgreesWithSampledPoints() {
        var generator = RobustnessTests.SeededGenerator(state: 0xC0FFEE)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        func shape() -> Cutout {
            let (width, height) = (random(1...40), random(1...40))
            return Self.rounded(random(0...60), random(0...60), width, height, radius: random(0...1) < 0.3 ? 0 : random(0...25))
        }
        let step = 0.25
        var outcomes = (overlapping: 0, apart: 0, apartWithSharedBoxes: 0)
        for _ in 0..<3000 {
            let (first, second) = (shape(), shape())
            let separation = first.separation(from: second)
            #expect(Self.close(separation, second.separation(from: first)))
            guard abs(separation) > 2 * step else { continue }
            // Only the shared part of the bounding boxes can hold a shared point.
            var shared = false
            let box = first.bounds.intersection(second.bounds)
            var y = box?.minY ?? .infinity
            while let box, y <= box.maxY, !shared {
                var x = box.minX
                while x <= box.maxX, !shared {
                    shared = Self.contains(first, x, y) && Self.contains(second, x, y)
                    x += step
                }
                y += step
            }
            #expect(shared == (separation < 0), "\(first) and \(second): separation \(separation)")
            if separation < 0 { outcomes.overlapping += 1 } else { outcomes.apart += 1 }
            if separation > 0, box != nil { outcomes.apartWithSharedBoxes += 1 }
        }
        // The sample has all three kinds, including the corner case boxes alone get wrong.
        #expect(outcomes.overlapping > 500 && outcomes.apart > 500 && outcomes.apartWithSharedBoxes > 20, "\(outcomes)")
    }
}
